import { Global, Module } from '@nestjs/common';

import { LanguagesController } from './languages.controller';
import { LanguagesService } from './languages.service';

@Global()
@Module({ controllers: [LanguagesController], providers: [LanguagesService], exports: [LanguagesService] })
export class LanguagesModule {}
