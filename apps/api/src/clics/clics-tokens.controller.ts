import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';

import { Auth } from '../auth/auth.decorators';
import { JsonBody } from '../common/request-body/json-body.interceptor';
import { ContestIdPipe } from '../contests/contest-id.pipe';
import { ClicsTokensService } from './clics-tokens.service';
import { ClicsTokenDto, ClicsTokenInputDto, CreatedClicsTokenDto } from './dto/clics-token.dto';

/** An admin's tokens for the ICPC tools reading a contest through /api/clics. */
@ApiTags('clics')
@Controller('contests/:contestId/clics-tokens')
export class ClicsTokensController {
  constructor(private readonly tokens: ClicsTokensService) {}

  @Post()
  @Auth('admin')
  @JsonBody()
  @ApiCreatedResponse({ type: CreatedClicsTokenDto, description: 'The token, shown this once.' })
  @ApiNotFoundResponse({ description: 'Contest not found.' })
  create(@Param('contestId', ContestIdPipe) contestId: number, @Body() dto: ClicsTokenInputDto): Promise<CreatedClicsTokenDto> {
    return this.tokens.create(contestId, dto);
  }

  @Get()
  @Auth('admin')
  @ApiOkResponse({ type: ClicsTokenDto, isArray: true, description: 'The contest’s live tokens, without the tokens themselves.' })
  @ApiNotFoundResponse({ description: 'Contest not found.' })
  list(@Param('contestId', ContestIdPipe) contestId: number): Promise<ClicsTokenDto[]> {
    return this.tokens.list(contestId);
  }

  @Delete(':tokenId')
  @HttpCode(204)
  @Auth('admin')
  @ApiNoContentResponse({ description: 'Revoked: the token is refused from now on.' })
  @ApiNotFoundResponse({ description: 'No live token of that id in this contest.' })
  revoke(@Param('contestId', ContestIdPipe) contestId: number, @Param('tokenId') tokenId: string): Promise<void> {
    return this.tokens.revoke(contestId, tokenId);
  }
}
