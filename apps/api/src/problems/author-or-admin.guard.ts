import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';

import { isAdmin } from '../access';
import type { AuthUser } from '../auth/auth-user';
import { ApiException } from '../common/api-exception';
import { ProblemsService } from './problems.service';

/** Admins, and authors with a problem they may edit (archive import, test validation). Runs before uploads are read. */
@Injectable()
export class AuthorOrAdminGuard implements CanActivate {
  constructor(private readonly problems: ProblemsService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const user: AuthUser | undefined = context.switchToHttp().getRequest().user;
    if (!user) throw ApiException.unauthorized('Authentication required');
    if (isAdmin(user) || (await this.problems.editsSomeProblem(user))) return true;
    throw ApiException.forbidden('Only administrators and problem authors may do this.');
  }
}
