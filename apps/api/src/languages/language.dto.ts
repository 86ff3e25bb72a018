import { ApiProperty } from '@nestjs/swagger';
import { Language } from '@oj/contracts';

export class LanguageDto implements Language {
  @ApiProperty({ example: 71, description: 'Judge0 CE language id' })
  id: number;

  @ApiProperty({ example: 'Python (3.11.2)' })
  name: string;
}
