/**
 * The demo app's command catalogue: realistic global commands (subcommands, groups, choices,
 * autocomplete, localizations, user and message commands, the default `Launch` entry point) and the
 * guild commands of the seeded guilds. Plain drafts; seed.ts materializes them.
 */
import type { CommandDraft } from '../discord/model.js';

const STRING = 3;
const INTEGER = 4;
const BOOLEAN = 5;
const USER = 6;
const CHANNEL = 7;
const NUMBER = 10;
const ATTACHMENT = 11;
const SUB = 1;
const GROUP = 2;

const sub = (name: string, description: string, options: CommandDraft['options'] = []) =>
  ({ type: SUB, name, description, ...(options.length ? { options } : {}) });
const opt = (type: number, name: string, description: string, extra: Record<string, unknown> = {}) =>
  ({ type, name, description, ...extra });
const slash = (name: string, description: string, extra: Partial<CommandDraft> = {}): CommandDraft =>
  ({ type: 1, name, description, ...extra });

export const DEMO_GLOBAL_COMMANDS: CommandDraft[] = [
  slash('ping', 'Check that the bot is awake', {
    name_localizations: { fr: 'ping', de: 'ping' },
    description_localizations: { fr: 'Vérifie que le bot est réveillé', de: 'Prüft, ob der Bot wach ist', ja: 'ボットが起きているか確認する' },
  }),
  slash('help', 'Show what the bot can do', {
    name_localizations: { fr: 'aide', de: 'hilfe', 'es-ES': 'ayuda', 'pt-BR': 'ajuda' },
    description_localizations: { fr: 'Affiche ce que le bot sait faire', de: 'Zeigt, was der Bot kann', 'es-ES': 'Muestra lo que puede hacer el bot' },
    options: [opt(STRING, 'topic', 'What you need help with', {
      choices: [
        { name: 'Getting started', value: 'start', name_localizations: { fr: 'Premiers pas', de: 'Erste Schritte' } },
        { name: 'Moderation', value: 'moderation' },
        { name: 'Music', value: 'music' },
        { name: 'Games', value: 'games' },
        { name: 'Settings', value: 'settings', name_localizations: { fr: 'Paramètres' } },
      ],
    })],
  }),
  slash('settings', 'Change how the bot behaves for you', {
    options: [
      { type: GROUP, name: 'notifications', description: 'Direct-message notifications', options: [
        sub('enable', 'Turn notifications on', [opt(STRING, 'kind', 'Which notifications', { choices: [{ name: 'Reminders', value: 'reminders' }, { name: 'Giveaways', value: 'giveaways' }] })]),
        sub('disable', 'Turn notifications off'),
      ] },
      { type: GROUP, name: 'profile', description: 'Your public profile', options: [
        sub('set-bio', 'Set your bio', [opt(STRING, 'bio', 'A short bio', { required: true, max_length: 190 })]),
        sub('show', 'Show your profile'),
      ] },
    ],
  }),
  slash('poll', 'Run a quick poll', {
    options: [
      sub('create', 'Start a poll', [
        opt(STRING, 'question', 'What to ask', { required: true, max_length: 300 }),
        opt(STRING, 'answers', 'Answers separated by |', { required: true }),
        opt(INTEGER, 'duration', 'How long it runs', { choices: [{ name: '1 hour', value: 60 }, { name: '1 day', value: 1440 }, { name: '1 week', value: 10080 }] }),
      ]),
      sub('close', 'End a poll early', [opt(STRING, 'poll', 'The poll to close', { required: true, autocomplete: true })]),
      sub('results', 'Show the results of a poll', [opt(STRING, 'poll', 'The poll', { required: true, autocomplete: true })]),
    ],
  }),
  slash('remind', 'Set and manage reminders', {
    description_localizations: { fr: 'Crée et gère des rappels', ja: 'リマインダーを管理する' },
    options: [
      sub('me', 'Remind me later', [
        opt(STRING, 'when', 'When, e.g. "in 2h" or "friday 9am"', { required: true }),
        opt(STRING, 'what', 'What to remind you of', { required: true, max_length: 500 }),
      ]),
      sub('list', 'List your reminders'),
      sub('cancel', 'Cancel a reminder', [opt(INTEGER, 'reminder', 'Which reminder', { required: true, autocomplete: true })]),
    ],
  }),
  slash('weather', 'Current weather for a city', {
    name_localizations: { fr: 'météo', de: 'wetter', ja: '天気', 'es-ES': 'tiempo' },
    description_localizations: { fr: 'La météo actuelle d\'une ville', de: 'Aktuelles Wetter einer Stadt', ja: '都市の現在の天気', 'es-ES': 'El tiempo actual de una ciudad' },
    options: [
      opt(STRING, 'city', 'City name', { required: true, autocomplete: true, name_localizations: { fr: 'ville', de: 'stadt' } }),
      opt(STRING, 'units', 'Units to use', { choices: [{ name: 'Metric', value: 'metric', name_localizations: { fr: 'Métrique' } }, { name: 'Imperial', value: 'imperial' }] }),
    ],
  }),
  slash('translate', 'Translate a piece of text', {
    options: [
      opt(STRING, 'text', 'Text to translate', { required: true, max_length: 1000 }),
      opt(STRING, 'to', 'Target language', { required: true, choices: [
        { name: 'English', value: 'en' }, { name: 'Français', value: 'fr' }, { name: 'Deutsch', value: 'de' },
        { name: 'Español', value: 'es' }, { name: '日本語', value: 'ja' }, { name: 'Português', value: 'pt' },
      ] }),
    ],
  }),
  slash('roll', 'Roll some dice', { contexts: [0, 1, 2], options: [
    opt(INTEGER, 'sides', 'Sides per die', { min_value: 2, max_value: 100 }),
    opt(INTEGER, 'count', 'How many dice', { min_value: 1, max_value: 20 }),
  ] }),
  slash('coinflip', 'Flip a coin', { contexts: [0, 1, 2] }),
  slash('avatar', 'Show someone\'s avatar', { options: [opt(USER, 'user', 'Whose avatar (you by default)')] }),
  slash('userinfo', 'Show details about a member', { options: [opt(USER, 'user', 'The member')] }),
  slash('serverinfo', 'Show details about this server', { contexts: [0] }),
  slash('ban', 'Ban a member', { default_member_permissions: '4', contexts: [0], options: [
    opt(USER, 'user', 'Who to ban', { required: true }),
    opt(STRING, 'reason', 'Shown in the audit log', { max_length: 512 }),
    opt(INTEGER, 'delete_days', 'Delete their messages from the last N days', { min_value: 0, max_value: 7 }),
  ] }),
  slash('kick', 'Kick a member', { default_member_permissions: '2', contexts: [0], options: [
    opt(USER, 'user', 'Who to kick', { required: true }),
    opt(STRING, 'reason', 'Shown in the audit log', { max_length: 512 }),
  ] }),
  slash('timeout', 'Time out a member', { default_member_permissions: '1099511627776', contexts: [0], options: [
    opt(USER, 'user', 'Who to time out', { required: true }),
    opt(NUMBER, 'minutes', 'For how long', { required: true, min_value: 1, max_value: 40320 }),
  ] }),
  slash('purge', 'Delete recent messages', { default_member_permissions: '8192', contexts: [0], options: [
    opt(INTEGER, 'count', 'How many messages', { required: true, min_value: 1, max_value: 100 }),
    opt(CHANNEL, 'channel', 'Where (this channel by default)', { channel_types: [0, 5] }),
  ] }),
  slash('play', 'Play a song in your voice channel', { contexts: [0], options: [
    opt(STRING, 'query', 'Song name or link', { required: true, autocomplete: true }),
  ] }),
  slash('queue', 'Manage the music queue', { contexts: [0], options: [
    sub('show', 'Show the queue'), sub('clear', 'Clear the queue'), sub('shuffle', 'Shuffle the queue'),
  ] }),
  slash('trivia', 'Start a trivia round', { options: [
    opt(STRING, 'category', 'Question category', { choices: [{ name: 'Science', value: 'science' }, { name: 'History', value: 'history' }, { name: 'Games', value: 'games' }] }),
    opt(STRING, 'difficulty', 'How hard', { choices: [{ name: 'Easy', value: 'easy' }, { name: 'Medium', value: 'medium' }, { name: 'Hard', value: 'hard' }] }),
  ] }),
  slash('quote', 'Random quotes from this server', { options: [
    sub('random', 'Post a random quote'),
    sub('add', 'Save a quote', [opt(STRING, 'text', 'The quote', { required: true }), opt(USER, 'author', 'Who said it')]),
  ] }),
  slash('birthday', 'Birthday reminders', { options: [
    sub('set', 'Set your birthday', [
      opt(INTEGER, 'month', 'Month', { required: true, choices: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'].map((name, i) => ({ name, value: i + 1 })) }),
      opt(INTEGER, 'day', 'Day of the month', { required: true, min_value: 1, max_value: 31 }),
    ]),
    sub('show', 'Show someone\'s birthday', [opt(USER, 'user', 'Whose birthday')]),
  ] }),
  slash('rank', 'Show your level and XP'),
  slash('leaderboard', 'Top members by XP', { options: [opt(INTEGER, 'page', 'Page number', { min_value: 1 })] }),
  slash('giveaway', 'Run giveaways', { default_member_permissions: '32', contexts: [0], options: [
    sub('start', 'Start a giveaway', [
      opt(STRING, 'prize', 'What to give away', { required: true }),
      opt(INTEGER, 'winners', 'Number of winners', { min_value: 1, max_value: 10 }),
    ]),
    sub('end', 'End a giveaway now', [opt(STRING, 'giveaway', 'Which one', { required: true, autocomplete: true })]),
    sub('reroll', 'Pick new winners', [opt(STRING, 'giveaway', 'Which one', { required: true, autocomplete: true })]),
  ] }),
  slash('ticket', 'Support tickets', { contexts: [0], options: [
    sub('open', 'Open a ticket', [opt(STRING, 'topic', 'What it is about', { required: true })]),
    sub('close', 'Close this ticket'),
  ] }),
  slash('upload', 'Share a screenshot with the team', { options: [
    opt(ATTACHMENT, 'file', 'The screenshot', { required: true }),
    opt(STRING, 'caption', 'A caption'),
  ] }),
  slash('feedback', 'Send feedback to the developers', { options: [
    opt(STRING, 'message', 'Your feedback', { required: true, max_length: 2000 }),
    opt(BOOLEAN, 'anonymous', 'Hide your name'),
  ] }),
  // Admins only, and no overwrite anywhere lets anyone else in: an audit finding.
  slash('config', 'Configure the bot for this server', { default_member_permissions: '0', contexts: [0] }),
  slash('meme', 'A random meme (age-restricted)', { nsfw: true }),
  { type: 2, name: 'User Info', contexts: [0, 1, 2] },
  { type: 2, name: 'Give Kudos' },
  { type: 2, name: 'Mute for 1h', default_member_permissions: '1099511627776', contexts: [0] },
  { type: 3, name: 'Translate Message', name_localizations: { fr: 'Traduire le message', de: 'Nachricht übersetzen' } },
  { type: 3, name: 'Bookmark' },
  { type: 3, name: 'Report Message', contexts: [0] },
  // Created automatically when Activities are enabled (service-interface "Entry point handler types").
  { type: 4, name: 'Launch', description: 'Launch Pixel Pal', handler: 2, integration_types: [0, 1], contexts: [0, 1, 2] },
];

/** Guild commands of the three demo guilds, by guild index. */
export const DEMO_GUILD_COMMANDS: CommandDraft[][] = [
  [
    // Same name and type as a global command: members see two `/ping`s (audit finding).
    slash('ping', 'Ping, HQ edition'),
    slash('deploy', 'Deploy the latest build', { default_member_permissions: '0', options: [
      opt(STRING, 'environment', 'Where to deploy', { required: true, choices: [{ name: 'Staging', value: 'staging' }, { name: 'Production', value: 'production' }] }),
    ] }),
    slash('mod-tools', 'Moderator shortcuts', { options: [sub('warn', 'Warn a member', [opt(USER, 'user', 'Who', { required: true })]), sub('notes', 'Show mod notes')] }),
    { type: 3, name: 'Report to Mods' },
  ],
  [
    slash('race', 'Speedrun races', { options: [
      sub('start', 'Start a race', [opt(STRING, 'game', 'Which game', { required: true, autocomplete: true })]),
      sub('join', 'Join the current race'),
      sub('done', 'Finish with your time', [opt(NUMBER, 'seconds', 'Your time in seconds', { required: true, min_value: 0 })]),
    ] }),
    slash('pb', 'Post a personal best', { options: [opt(STRING, 'category', 'Category', { required: true }), opt(ATTACHMENT, 'proof', 'Video or screenshot')] }),
  ],
  [
    slash('cozy', 'Share something cozy', { options: [opt(STRING, 'thing', 'What is cozy today', { required: true })] }),
    { type: 2, name: 'Send a Hug' },
  ],
];

/**
 * A command Discord would refuse today but that is stored (created before a rule tightened), so the audit
 * and the UI have something to flag: uppercase letters in a slash command name.
 */
export const DEMO_BROKEN_COMMAND: CommandDraft = slash('TeaTime', 'Brew a cup of tea for someone', {
  options: [opt(USER, 'friend', 'Who gets the tea', { required: true })],
});

/** The few guild commands every `--guilds N` guild gets. */
export const EXTRA_GUILD_COMMANDS: CommandDraft[] = [
  slash('local-ping', 'Ping this server only'),
  slash('local-admin', 'Server admin tools', { default_member_permissions: '0' }),
  { type: 3, name: 'Local Report' },
];
