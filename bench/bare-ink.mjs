// The reference the brief measures start-up against: the smallest Ink app, as its README starts one
// (ink and react from node_modules, one line of text), which stays up until the terminal closes.
import { createElement } from 'react';
import { render, Text } from 'ink';

render(createElement(Text, null, 'Hello from a bare Ink app'));
setInterval(() => {}, 60_000);
