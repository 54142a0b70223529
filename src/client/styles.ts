/*
 * Only the Mantine styles the site uses, all in the entry so that every prerendered page has its
 * CSS before the first paint (a lazily loaded chunk's CSS would arrive late and shift the layout).
 */
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import './site.css';
