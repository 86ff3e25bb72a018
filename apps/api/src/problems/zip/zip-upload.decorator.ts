import { applyDecorators, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiServiceUnavailableResponse } from '@nestjs/swagger';

import { JsonBody } from '../../common/request-body/json-body.interceptor';
import { ZipImportGate } from './zip-import-gate.interceptor';
import { ZIP_LIMITS } from './zip-limits';

/**
 * A route that takes one ZIP as `file` in a multipart form (the test import, the package import): through the
 * import gate and multer's limits. JSON sent instead of the form is read, and checked, like any other body.
 */
export function ZipUpload(body: new () => unknown): MethodDecorator {
  return applyDecorators(
    UseInterceptors(ZipImportGate, FileInterceptor('file', { limits: ZIP_LIMITS.upload })),
    JsonBody(),
    ApiConsumes('multipart/form-data'),
    ApiBody({ type: body }),
    ApiServiceUnavailableResponse({ description: 'Two imports running and eight waiting on this instance already (Retry-After)' }),
  );
}
