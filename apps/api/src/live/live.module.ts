import { Global, Module } from '@nestjs/common';

import { LiveService } from './live.service';
import { LivePublisher } from './live-publisher';

@Global()
@Module({ providers: [LiveService, LivePublisher], exports: [LiveService, LivePublisher] })
export class LiveModule {}
