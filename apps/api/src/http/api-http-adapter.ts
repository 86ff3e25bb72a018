import type { NestApplicationOptions } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Express, Request, Response } from 'express';
import { createServer, IncomingMessage, ServerResponse } from 'http';

/**
 * Express gives every request and response its methods by switching the prototype of the objects Node made
 * (`Object.setPrototypeOf(req, app.request)`). V8 then gives each of them a hidden class of its own, and one
 * more for every property added later: about 8 KB per request, kept as long as it lives (a live stream: hours)
 * and paid again in garbage by every short request. Here Node creates them as instances of two classes whose
 * prototypes become Express's `app.request` and `app.response` (inheriting Express's methods), so Express's
 * switch changes nothing and every request shares the same hidden classes. HTTPS (never used by the API: TLS
 * belongs to a reverse proxy) keeps Nest's own server.
 */
export class ApiHttpAdapter extends ExpressAdapter {
  override initHttpServer(options: NestApplicationOptions): void {
    if (options?.httpsOptions || options?.forceCloseConnections) return super.initHttpServer(options);
    const app = this.getInstance<Express>();
    class ApiRequest extends IncomingMessage {}
    class ApiResponse extends ServerResponse {}
    Object.setPrototypeOf(ApiRequest.prototype, app.request);
    Object.setPrototypeOf(ApiResponse.prototype, app.response);
    app.request = ApiRequest.prototype as unknown as Request;
    app.response = ApiResponse.prototype as unknown as Response;
    this.setHttpServer(createServer({ IncomingMessage: ApiRequest, ServerResponse: ApiResponse }, app));
  }
}
