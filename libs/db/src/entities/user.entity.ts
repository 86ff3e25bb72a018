import { DEFAULT_PREFERENCES, EDITOR_FONT_SIZE, type EditorKeymap, type EditorTabWidth, type RatingPoints, type Role } from '@oj/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn, VirtualColumn } from 'typeorm';

@Entity('users')
export class UserEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Unique case-insensitively (index on lower(username)). */
  @Column({ type: 'varchar', length: 32 })
  username: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ name: 'password_hash', type: 'text' })
  passwordHash: string;

  @Column({ type: 'varchar', length: 16, default: 'user' })
  role: Role;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive: boolean;

  /**
   * Carried in every access token and queue board cookie and compared on each request: raising it (password,
   * role or status change) ends every token issued before, at once rather than at expiry.
   */
  @Column({ name: 'token_version', type: 'integer', default: 0 })
  tokenVersion: number;

  @Column({ name: 'profile_public', type: 'boolean', default: true })
  profilePublic: boolean;

  @Column({ name: 'display_name', type: 'varchar', length: 64, default: '' })
  displayName: string;

  @Column({ type: 'varchar', length: 1000, default: '' })
  bio: string;

  @Column({ name: 'avatar_url', type: 'varchar', length: 2048, default: '' })
  avatarUrl: string;

  /** The language the problem page's editor starts in (UserPreferences); null: none chosen. */
  @Column({ name: 'default_language_id', type: 'integer', nullable: true })
  defaultLanguageId: number | null;

  @Column({ name: 'editor_font_size', type: 'smallint', default: EDITOR_FONT_SIZE.default })
  editorFontSize: number;

  @Column({ name: 'editor_tab_width', type: 'smallint', default: DEFAULT_PREFERENCES.editorTabWidth })
  editorTabWidth: EditorTabWidth;

  @Column({ name: 'editor_keymap', type: 'varchar', length: 16, default: DEFAULT_PREFERENCES.editorKeymap })
  editorKeymap: EditorKeymap;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  /**
   * The current rating (user_ratings, which the ratings recompute rebuilds), read with the row by a sub-query on its
   * primary key: every response that shows an account carries its tier colour without a query of its own.
   */
  @VirtualColumn({ type: 'integer', query: (alias) => `SELECT ur.rating FROM user_ratings ur WHERE ur.user_id = ${alias}.id` })
  rating: RatingPoints | null;
}
