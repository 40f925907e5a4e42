// `npm run size:install`: what installing each package pulls in (packages, MB on disk), read from
// package-lock.json and node_modules after `npm ci`; the README quotes these figures.
import { installClosure } from '../dist/test/packages/install-closure.js';

for (const name of ['mcpdesc-core', 'mcpdesc-toolkit']) {
  const { packages, bytes } = installClosure(name);
  console.log(`${name}: ${packages.length} packages, ${(bytes / 1e6).toFixed(1)} MB (${packages.join(', ')})`);
}
