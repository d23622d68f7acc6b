// The styles of the Mantine components the shop uses, not all of Mantine's, loaded with the
// first part drawn with Mantine (MantineScope) rather than written into every page: the
// storefront's pages draw without them. Add a component's file when a screen starts using it.
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/core/styles/Chip.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Switch.css';
// Checkbox, Radio and Switch lay out their label beside the control with it.
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Tabs.css';
// SegmentedControl's moving highlight is a FloatingIndicator: without its styles it sits in
// the flow at the inline start, which in Arabic is the wrong end.
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Timeline.css';
import '@mantine/core/styles/Progress.css';
// Drawer (the dashboard's phone menu) and Modal draw a ModalBase over an Overlay: without these
// a drawer's links fall into the page's flow, at its bottom (styles.test.ts lists every part).
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/notifications/styles.css';
// Last: the shop's adjustments to the components above.
import './adjustments.css';
