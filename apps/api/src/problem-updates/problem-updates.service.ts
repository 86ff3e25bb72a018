import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ProblemEntity, ProblemUpdateEntity } from '@oj/db';
import { EntityManager, Repository } from 'typeorm';

import { visibleProblemsWhere } from '../access';
import type { AuthUser } from '../auth/auth-user';
import { ProblemUpdateDto, toProblemUpdateDto } from './dto/problem-update.dto';

/** The Problem Updates feed. Entries are written by the problems service, in its transactions, never by hand. */
@Injectable()
export class ProblemUpdatesService {
  constructor(@InjectRepository(ProblemUpdateEntity) private readonly updates: Repository<ProblemUpdateEntity>) {}

  async record(manager: EntityManager, problem: ProblemEntity, summary: string): Promise<void> {
    await manager.insert(ProblemUpdateEntity, { problemId: problem.problemId, titleSnapshot: problem.title, summary });
  }

  /** Newest first; readers other than admins see only updates of public problems. */
  async list(viewer: AuthUser | undefined, limit: number): Promise<ProblemUpdateDto[]> {
    const query = this.updates
      .createQueryBuilder('u')
      .innerJoin(ProblemEntity, 'p', 'p.problem_id = u.problem_id')
      .orderBy('u.created_at', 'DESC')
      .addOrderBy('u.id', 'DESC')
      .limit(limit);
    const visible = visibleProblemsWhere('p', viewer);
    query.where(visible.sql, visible.params);
    return (await query.getMany()).map(toProblemUpdateDto);
  }
}
