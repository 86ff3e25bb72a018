import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';

import { Auth } from '../auth/auth.decorators';
import { AdminSecurityService } from './admin-security.service';
import { SecurityStatusDto } from './dto/security-status.dto';

@ApiTags('admin')
@Controller('admin/security')
@Auth('admin')
export class AdminSecurityController {
  constructor(private readonly security: AdminSecurityService) {}

  @Get()
  @ApiOkResponse({ type: SecurityStatusDto })
  getSecurityStatus(): Promise<SecurityStatusDto> {
    return this.security.status();
  }
}
