import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { AuthUser } from '../auth/auth-user';
import { ApiException } from '../common/api-exception';
import { ProblemsService } from './problems.service';

/** Admins, and users who author at least one problem (archive import, test validation). Runs before uploads are read. */
@Injectable()
export class AuthorOrAdminGuard implements CanActivate {
  constructor(private readonly problems: ProblemsService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const user: AuthUser | undefined = context.switchToHttp().getRequest().user;
    if (!user) throw ApiException.unauthorized('Authentication required');
    if (user.role === 'admin' || (await this.problems.isAuthor(user.id))) return true;
    throw ApiException.forbidden('Only administrators and problem authors may do this.');
  }
}
