// Component-test setup: DOM cleanup between tests, and findBy*/waitFor allowed 3 s (screens
// load lazily; on a loaded machine their first import takes longer than the 1 s default).
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 3000 });

afterEach(() => cleanup());
