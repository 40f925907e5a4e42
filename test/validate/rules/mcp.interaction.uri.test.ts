import { testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcp.interaction.uri.js';
import { scenario, S, roots, url, decls } from '../../helpers/interaction-documents.js';

const authorizeAt = (address: string) => ({
  elicitations: [{ name: 'authorize', mode: 'url', message: 'Authorize.', url: address }],
});

testRule(rule, {
  valid: [
    { name: 'a file root with a percent-encoded space', doc: scenario([roots('file:///work%20space/a')]) },
    { name: 'a file root with an authority', doc: scenario([roots('file://host.example/share')]) },
    { name: 'a url-mode elicitation to an https URL', doc: scenario([url({ action: 'accept' })], decls) },
    {
      name: 'a url-mode elicitation to an IPv6 host with a port and a query',
      doc: scenario(
        [url({ action: 'accept' }, { url: 'https://[2001:db8::7]:8443/connect?state=a%2Fb' })],
        authorizeAt('https://[2001:db8::7]:8443/connect?state=a%2Fb'),
      ),
    },
  ],
  invalid: [
    {
      name: 'a root with a raw space',
      doc: scenario([roots('file:///work space')]),
      errors: [{ code: 'invalid-root-uri', pointer: `${S}/0/response/roots/0/uri` }],
    },
    {
      name: 'a root with a bad percent-encoding, and one that is not a URI at all',
      doc: scenario([
        {
          type: 'roots',
          request: {},
          response: { roots: [{ uri: 'file:///a%G0' }, { uri: 'file:///b' }, { uri: 'workspace' }] },
        },
      ]),
      errors: [
        { code: 'invalid-root-uri', pointer: `${S}/0/response/roots/0/uri` },
        { code: 'invalid-root-uri', pointer: `${S}/0/response/roots/2/uri` },
      ],
    },
    {
      name: 'a url-mode elicitation url whose port has a letter',
      doc: scenario(
        [url({ action: 'accept' }, { url: 'https://mcp.example.com:44x/connect' })],
        authorizeAt('https://mcp.example.com:44x/connect'),
      ),
      errors: [{ code: 'invalid-elicitation-url', pointer: `${S}/0/request/url` }],
    },
    {
      name: 'a url-mode elicitation url with userinfo holding "@"',
      doc: scenario([url({ action: 'accept' }, { url: 'https://a@b@mcp.example.com/connect' })], decls),
      errors: [{ code: 'invalid-elicitation-url', pointer: `${S}/0/request/url` }],
    },
  ],
});
