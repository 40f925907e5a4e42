// A shareable mcpdesc configuration (docs/lint.md, "A shareable config"): a project extends it with
// `extends: ['mcpdesc-config-acme']` once it is installed, or by its path.
import acme from '../mcpdesc-plugin-acme/index.js';

export default {
  extends: ['recommended'],
  plugins: { acme },
  rules: {
    // The plugin's rule, raised to an error for every project that extends this config.
    'acme/tool-prefix': 'error',
    // A declarative rule: data, no code.
    'acme/description-length': {
      description: 'Tool descriptions stay under 800 characters',
      given: 'tools[*].description',
      then: { function: 'length', functionOptions: { max: 800 } },
      message: 'the description is too long: {error}',
      severity: 'warn',
    },
  },
};
