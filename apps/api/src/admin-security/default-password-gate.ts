import { Injectable, OnApplicationBootstrap } from '@nestjs/common';

import { AppConfig } from '../config/app-config';
import { AdminSecurityService } from './admin-security.service';

/**
 * A production API refuses to start while any admin account, deactivated ones included (another admin may
 * reactivate them), would open with the built-in default password: ADMIN_PASSWORD's check covers only the account
 * the admin step creates, not one created in development and kept in the database. Refusing is chosen over disabling
 * the account: a disabled admin may be the site's only one, and a site that starts without its admin fails later and
 * out of sight, where a refusal names the accounts and the way out at once.
 */
@Injectable()
export class DefaultPasswordGate implements OnApplicationBootstrap {
  constructor(
    private readonly config: AppConfig,
    private readonly security: AdminSecurityService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.NODE_ENV !== 'production') return;
    const admins = await this.security.defaultPasswordAdmins({ activeOnly: false });
    if (!admins.length) return;
    const names = admins.map((name) => `'${name}'`).join(', ');
    throw new Error(
      `Refusing to start in production: admin account ${names} still has the built-in default password. ` +
        `Give it a password of its own (the admin step sets ADMIN_PASSWORD on ADMIN_USERNAME's account; any admin can ` +
        `change theirs under Settings in a development start) or take its admin role away.`,
    );
  }
}
