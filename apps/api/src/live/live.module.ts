import { Global, Module } from '@nestjs/common';

import { ApiLivePublisher } from './api-live-publisher';
import { LiveService } from './live.service';

@Global()
@Module({ providers: [LiveService, ApiLivePublisher], exports: [LiveService, ApiLivePublisher] })
export class LiveModule {}
