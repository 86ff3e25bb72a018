import { Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';

import { Auth, CurrentUser } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { QueueBoardSessionDto } from './dto/queue-board-session.dto';
import { QUEUE_BOARD_COOKIE, QUEUE_BOARD_PATH, QUEUE_BOARD_SESSION_SECONDS, QueueBoardAccess } from './queue-board-access.service';

@ApiTags('admin')
@Controller('admin/queue-board')
export class QueueBoardController {
  constructor(private readonly access: QueueBoardAccess) {}

  @Post('session')
  @HttpCode(200)
  @Auth('admin')
  @ApiOperation({ summary: 'Open the queue board: sets a short-lived HttpOnly cookie valid for /admin/queues only' })
  @ApiOkResponse({ type: QueueBoardSessionDto })
  async openSession(
    @CurrentUser() admin: AuthUser,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<QueueBoardSessionDto> {
    res.cookie(QUEUE_BOARD_COOKIE, await this.access.issue(admin), {
      path: QUEUE_BOARD_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: req.secure,
      maxAge: QUEUE_BOARD_SESSION_SECONDS * 1000,
    });
    return { path: QUEUE_BOARD_PATH, expiresInSeconds: QUEUE_BOARD_SESSION_SECONDS };
  }
}
