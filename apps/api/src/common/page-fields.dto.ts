import { ApiProperty } from '@nestjs/swagger';

/** The paging fields every paged list answers beside its `items` (`Paged` in libs/contracts). */
export class PageFieldsDto {
  @ApiProperty({ example: 42, description: 'Items that match, on every page' })
  total: number;

  @ApiProperty({ example: 3 })
  totalPages: number;

  @ApiProperty({ example: 1, description: 'This page, from 1' })
  page: number;

  @ApiProperty({ example: 20, description: 'Items per page' })
  limit: number;
}
