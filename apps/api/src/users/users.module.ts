import { Module } from '@nestjs/common';

import { PreferencesService } from './preferences.service';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

@Module({ controllers: [UsersController], providers: [UsersService, PreferencesService], exports: [UsersService] })
export class UsersModule {}
