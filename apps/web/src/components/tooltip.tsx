import { Tooltip } from '@mantine/core';

// Mantine's Tooltip as a module of ours, for `lazy()` in ./on-demand-tooltip.tsx: a dynamic import
// of '@mantine/core' itself would hold the package's whole namespace.
export default Tooltip;
