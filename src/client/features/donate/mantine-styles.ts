/*
 * Only the Mantine styles the donate page uses, in the donate chunk: the home and 404 pages are plain
 * markup styled by site.css (inlined in their HTML) and need none of it. The prerendered donate page
 * links this chunk's stylesheet in its <head> (scripts/prerender.ts), so it paints styled; after a
 * client-side navigation the chunk's CSS loads with its script. The `.layer.css` builds put Mantine
 * in `@layer mantine`, below the site's own unlayered rules whichever stylesheet arrives first.
 */
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Grid.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/List.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';
