import { Global, Module } from '@nestjs/common';
import { LivePublisher } from './live-publisher';
import { LiveService } from './live.service';

@Global()
@Module({ providers: [LiveService, LivePublisher], exports: [LiveService, LivePublisher] })
export class LiveModule {}
