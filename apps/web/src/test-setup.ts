import '@testing-library/jest-dom';

import { configure } from '@testing-library/react';

// findBy*/waitFor give up after 1 s by default. The suite shares two cores with the API and worker suites under
// `npm test`, where rendering a 100-row table can take longer than that; a real failure still fails, only later.
configure({ asyncUtilTimeout: 8000 });
