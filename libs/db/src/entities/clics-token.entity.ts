import type { ClicsScope } from '@oj/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A contest's token for an ICPC tool (resolver, presentation client, CDS) reading the CLICS Contest API, stored only
 * as its SHA-256: the token itself is shown once, when an admin creates it. `public` sees what the public board
 * shows (frozen results pending), `admin` everything.
 */
@Entity('clics_tokens')
export class ClicsTokenEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'contest_id', type: 'integer' })
  contestId: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 8 })
  scope: ClicsScope;

  @Column({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash: string;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
