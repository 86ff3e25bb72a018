import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';

import { canEditProblem } from '../access';
import type { AuthUser } from '../auth/auth-user';
import { ApiException } from '../common/api-exception';
import { ProblemIdPipe } from './problem-id.pipe';
import { EDIT_FORBIDDEN, ProblemsService } from './problems.service';

/**
 * PUT /problems/{problemId}: admins and the problem's author only (SPEC 6). Decided from the path before the
 * body is read, so nobody else can make the API read a large body. The service checks again under its lock.
 */
@Injectable()
export class ProblemEditorGuard implements CanActivate {
  constructor(private readonly problems: ProblemsService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest();
    const user: AuthUser | undefined = request.user;
    if (!user) throw ApiException.unauthorized('Authentication required');
    const problem = await this.problems.findVisibleProblemRef(new ProblemIdPipe().transform(request.params.problemId), user);
    if (!canEditProblem(problem, user)) throw ApiException.forbidden(EDIT_FORBIDDEN);
    return true;
  }
}
