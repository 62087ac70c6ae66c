/**
 * An app's commands and one guild's people as read where they live (operations/copy-to-emulator.ts), for
 * the emulator to copy into its world (emulator/copy-in.ts), and what the copy says it did: the shapes
 * the door that reads and the emulator that copies share, so neither imports the other.
 */
import type { Channel, Command, GuildCommandPermissions, Member, Role } from './model.js';
import type { LeftOut } from './storable-commands.js';

/** One guild's people as read from the app's API. */
export interface GuildPeople {
  ownerId?: string;
  roles: readonly Role[];
  channels: readonly Channel[];
  members: readonly Member[];
  /** Every overwrite list of the app in the guild (per command, and the app-level one keyed by the app's id). */
  overwrites: readonly GuildCommandPermissions[];
}

export interface AppCopy {
  /** The app's id where the commands were read: its bot's member and its app-level overwrites are the emulator app's here. */
  applicationId: string;
  global: readonly Command[];
  guild?: {
    id: string;
    name: string;
    commands: readonly Command[];
    /** Absent when they could not be read: the commands go to the emulator's seeded guild. */
    people?: GuildPeople;
  };
}

export interface CopyInResult {
  /** Global commands copied. */
  global: number;
  /** Commands of the source that Discord could not hold, not copied: where they were, and why. */
  leftOut: (LeftOut & { scope: 'global' | 'guild' })[];
  /** Where the guild's commands are now (without a guild in the copy: where to try the global ones), and whose people are there. */
  guild?: { id: string; name: string; commands: number; people: 'copied' | 'seeded' };
}
