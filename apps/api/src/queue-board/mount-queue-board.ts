import { createBullBoard } from '@bull-board/api';
import { BullAdapter } from '@bull-board/api/bullAdapter';
import type { IServerAdapter } from '@bull-board/api/dist/types';
import { ExpressAdapter } from '@bull-board/express';
import { getQueueToken } from '@nestjs/bull';
import { NestExpressApplication } from '@nestjs/platform-express';
import { ERROR_CODES } from '@oj/contracts';
import { QUEUE_NAMES } from '@oj/messaging';
import { Queue } from 'bull';
import type { NextFunction, Request, Response } from 'express';

import { QUEUE_BOARD_PATH, QueueBoardAccess } from './queue-board-access.service';

/** Bull Board at /admin/queues, every request of it (page, assets, API) behind the admin cookie. */
export function mountQueueBoard(app: NestExpressApplication): void {
  const access = app.get(QueueBoardAccess);
  const board = new ExpressAdapter().setBasePath(QUEUE_BOARD_PATH);
  createBullBoard({
    queues: QUEUE_NAMES.map((name) => new BullAdapter(app.get<Queue>(getQueueToken(name)))),
    // @bull-board/express pins its own copy of @bull-board/api one patch behind ours: same shape, separate
    // declarations, so TypeScript needs telling.
    serverAdapter: board as unknown as IServerAdapter,
    // The board is a page of its own, outside the SPA: its header links back to the judge.
    options: { uiConfig: { boardTitle: 'Online Judge queues', miscLinks: [{ text: 'Back to the judge', url: '/' }] } },
  });
  const guard = (req: Request, res: Response, next: NextFunction) => {
    access.check(req.headers.cookie).then((result) => {
      if (result.allowed) return next();
      const code = result.status === 401 ? ERROR_CODES.UNAUTHORIZED : ERROR_CODES.FORBIDDEN;
      res.status(result.status).json({ message: result.message, code });
    }, next);
  };
  app.use(QUEUE_BOARD_PATH, guard, board.getRouter());
}
