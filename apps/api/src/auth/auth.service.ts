import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ERROR_CODES } from '@oj/contracts';
import { UserEntity } from '@oj/db';
import { Repository } from 'typeorm';

import { ApiException } from '../common/api-exception';
import { AccountLoginLimit } from '../common/rate-limit/account-login-limit.service';
import { AppConfig } from '../config/app-config';
import { ApiLivePublisher } from '../live/api-live-publisher';
import { toUserResponse, UserResponseDto } from '../users/dto/user-response.dto';
import { dummyPasswordHash, hashedAt, hashPassword, verifyPassword } from '../users/password-hasher';
import { AuthResponseDto } from './dto/auth-response.dto';
import { ChangePasswordDto } from './dto/change-password.dto';
import { LoginDto } from './dto/login.dto';
import { RegisterDto } from './dto/register.dto';
import { UpdateProfileDto } from './dto/update-profile.dto';
import { TokenService } from './token.service';

const DEACTIVATED = 'This account has been deactivated.';
const BAD_CREDENTIALS = 'Invalid username/email or password.';

/** The name of an account's login buckets: its username and email share them. */
const loginAccount = (user: UserEntity) => `user:${user.id}`;

@Injectable()
export class AuthService {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly tokens: TokenService,
    private readonly loginLimit: AccountLoginLimit,
    private readonly live: ApiLivePublisher,
    private readonly config: AppConfig,
  ) {
    // Made now rather than at the first login for an unknown name, which would otherwise take two hashes' time. A
    // failure here shows again at that login, where it answers as any error does.
    dummyPasswordHash(config.passwordHashCost).catch(() => undefined);
  }

  /** `address` is the client's: the account's login delays do not apply to the addresses its owner has used. */
  async register(dto: RegisterDto, address: string): Promise<AuthResponseDto> {
    const username = dto.username.trim();
    const email = dto.email.trim();
    const taken = await this.users
      .createQueryBuilder('u')
      .where('lower(u.username) = lower(:username) OR lower(u.email) = lower(:email)', { username, email })
      .getMany();
    const details = [];
    if (taken.some((u) => u.username.toLowerCase() === username.toLowerCase()))
      details.push({ path: 'username', message: 'Username is already taken.' });
    if (taken.some((u) => u.email.toLowerCase() === email.toLowerCase()))
      details.push({ path: 'email', message: 'Email is already registered.' });
    if (details.length) throw ApiException.conflict(details[0].message, details);

    const passwordHash = await hashPassword(dto.password, this.config.passwordHashCost);
    let user: UserEntity;
    try {
      user = await this.users.save(this.users.create({ username, email, passwordHash, role: 'user' }));
    } catch (error) {
      // Two registrations racing for one name: the unique index decides.
      if ((error as { code?: string }).code === '23505')
        throw ApiException.conflict('Username or email is already registered.', [
          { path: 'username', message: 'Username or email is already registered.' },
        ]);
      throw error;
    }
    await this.loginLimit.succeeded(loginAccount(user), address);
    return this.session(user);
  }

  async login(dto: LoginDto, address: string): Promise<AuthResponseDto> {
    const name = dto.usernameOrEmail.trim();
    const user = await this.users
      .createQueryBuilder('u')
      .where('lower(u.username) = lower(:name) OR lower(u.email) = lower(:name)', { name })
      .getOne();
    const account = user ? loginAccount(user) : `name:${name.toLowerCase()}`;
    await this.loginLimit.beginAttempt(account, address);
    // An unknown name still pays for one hash check, so the answer time does not reveal which accounts exist.
    const hash = user?.passwordHash ?? (await dummyPasswordHash(this.config.passwordHashCost));
    if (!(await verifyPassword(hash, dto.password)) || !user) {
      await this.loginLimit.recordFailure(account, address);
      throw ApiException.unauthorized(BAD_CREDENTIALS);
    }
    await this.loginLimit.succeeded(account, address);
    if (!user.isActive) throw ApiException.forbidden(DEACTIVATED);
    if (!hashedAt(user.passwordHash, this.config.passwordHashCost)) await this.rehash(user, dto.password);
    return this.session(user);
  }

  /**
   * Stores the password again at the configured cost (PASSWORD_HASH_*), so a changed cost reaches the accounts made
   * before it, and a login for an unknown name (checked at that cost) stops answering in another time than theirs.
   * Only if the hash is still the one just checked: a password changed meanwhile is kept.
   */
  private async rehash(user: UserEntity, password: string): Promise<void> {
    const passwordHash = await hashPassword(password, this.config.passwordHashCost);
    await this.users.update({ id: user.id, passwordHash: user.passwordHash }, { passwordHash });
  }

  async refresh(refreshToken: string): Promise<AuthResponseDto> {
    const outcome = await this.tokens.rotate(refreshToken);
    if (outcome.kind === 'invalid') throw ApiException.unauthorized('Invalid or expired refresh token.');
    const user = await this.users.findOne({ where: { id: outcome.userId } });
    if (!user) throw ApiException.unauthorized('Invalid or expired refresh token.');
    // Deactivation revokes the tokens too; the owner still learns why rather than seeing a reuse error.
    if (!user.isActive) throw ApiException.forbidden(DEACTIVATED);
    if (outcome.kind === 'reused') throw ApiException.unauthorized('Refresh token was already used; please log in again.');
    const tokens = await outcome.tokens(user);
    return { ...tokens, user: toUserResponse(user) };
  }

  async logout(refreshToken: string): Promise<void> {
    await this.tokens.revoke(refreshToken);
  }

  async me(userId: string): Promise<UserResponseDto> {
    return toUserResponse(await this.findUser(userId));
  }

  async updateProfile(userId: string, dto: UpdateProfileDto): Promise<UserResponseDto> {
    const user = await this.findUser(userId);
    if (dto.displayName !== undefined) user.displayName = dto.displayName;
    if (dto.bio !== undefined) user.bio = dto.bio;
    if (dto.avatarUrl !== undefined) user.avatarUrl = dto.avatarUrl;
    return toUserResponse(await this.users.save(user));
  }

  /**
   * Checks the current password, stores the new hash and signs the user out everywhere else: the refresh tokens are
   * revoked, the raised token version ends the access tokens and queue board cookies at once, and open live
   * streams are ended.
   */
  async changePassword(userId: string, dto: ChangePasswordDto): Promise<AuthResponseDto> {
    const user = await this.findUser(userId);
    if (!(await verifyPassword(user.passwordHash, dto.currentPassword))) {
      throw ApiException.validation(
        [{ path: 'currentPassword', message: 'Current password is incorrect.' }],
        'Current password is incorrect.',
      );
    }
    user.passwordHash = await hashPassword(dto.newPassword, this.config.passwordHashCost);
    user.tokenVersion += 1;
    await this.users.save(user);
    await this.tokens.revokeAllForUser(user.id);
    // Open live streams were opened with the old tokens: they end, and only the new session can reopen them.
    await this.live.accessChanged({ userId: user.id });
    return this.session(user);
  }

  private async session(user: UserEntity): Promise<AuthResponseDto> {
    return { ...(await this.tokens.issue(user)), user: toUserResponse(user) };
  }

  private async findUser(userId: string): Promise<UserEntity> {
    const user = await this.users.findOne({ where: { id: userId } });
    if (!user) throw new ApiException(HttpStatus.UNAUTHORIZED, ERROR_CODES.UNAUTHORIZED, 'Authentication required');
    return user;
  }
}
