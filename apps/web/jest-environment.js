// jsdom, plus the WHATWG fetch family from Node (jsdom lacks it). Relative request URLs resolve against the
// page's origin, as they do in a browser.
const { TestEnvironment } = require('jest-environment-jsdom');

class WebEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const origin = this.global.location.origin;
    const NodeRequest = globalThis.Request;
    class BrowserRequest extends NodeRequest {
      constructor(input, init) {
        super(typeof input === 'string' && input.startsWith('/') ? `${origin}${input}` : input, init);
      }
    }
    Object.assign(this.global, {
      Request: BrowserRequest,
      Response: globalThis.Response,
      Headers: globalThis.Headers,
      ReadableStream: globalThis.ReadableStream,
      TextEncoder: globalThis.TextEncoder,
      TextDecoder: globalThis.TextDecoder,
      fetch: (input, init) => globalThis.fetch(input, init),
    });
  }
}

module.exports = WebEnvironment;
