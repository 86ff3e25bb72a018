import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * A secret the site generated for itself on first start (the access-token key unless JWT_ACCESS_SECRET is
 * set). Kept in the database so every API instance sharing it signs and checks with the same key.
 */
@Entity('app_secrets')
export class AppSecretEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  name: string;

  @Column({ type: 'text' })
  value: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
