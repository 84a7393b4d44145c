// The Mantine styles of the signed-in shell and the first screens after sign-in (issue #26): the
// header, the sidebar and its drawer on a phone, the header's menus and popovers, the confirm
// dialogs, and what each role's dashboard and the landing page draw (cards, grids, tables, badges'
// tooltips, skeletons, the charts' legends). Loaded with the shell (app/router.tsx), never by the
// public screens, whose components are in ./mantine-public.ts (loaded first, always). Every other
// signed-in page brings ./mantine-pages.ts with its code. e2e/first-load.test.ts checks that every
// Mantine class the dashboards and the header's popups draw has its rules loaded: a component a
// first screen starts to use must be added here.
// Same `mantine` layer as ./mantine-public.ts, so the order of arrival changes no precedence.
import '@mantine/core/styles/AppShell.layer.css';
import '@mantine/core/styles/Avatar.layer.css';
import '@mantine/core/styles/Burger.layer.css';
import '@mantine/core/styles/ColorSwatch.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import '@mantine/core/styles/Drawer.layer.css';
import '@mantine/core/styles/Image.layer.css';
import '@mantine/core/styles/Indicator.layer.css';
import '@mantine/core/styles/List.layer.css';
import '@mantine/core/styles/Menu.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/NavLink.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Progress.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/Tooltip.layer.css';
