// The rest of Mantine's styles the app draws, for the signed-in pages other than the first screens
// (forms, filters, lists, detail pages, the date pickers, mantine-datatable): loaded with each such
// page's code (app/router.tsx) and the public tracking pages, never with a dashboard. Components the
// app never draws (sliders, tours, trees, colour pickers…) are left out (issue #26): a component the
// app starts to use must be added here, or to ./mantine-shell.ts if a first screen draws it.
// Same `mantine` layer as ./mantine-public.ts, so the order of arrival changes no precedence.
import '@mantine/core/styles/Accordion.layer.css';
import '@mantine/core/styles/Breadcrumbs.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/CheckboxIndicator.layer.css';
import '@mantine/core/styles/Code.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/Flex.layer.css';
import '@mantine/core/styles/FloatingIndicator.layer.css';
import '@mantine/core/styles/Grid.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/LoadingOverlay.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/Pagination.layer.css';
import '@mantine/core/styles/Pill.layer.css';
import '@mantine/core/styles/PillsInput.layer.css';
import '@mantine/core/styles/Rating.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import '@mantine/core/styles/Stepper.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import '@mantine/core/styles/Tabs.layer.css';
import '@mantine/core/styles/Timeline.layer.css';
