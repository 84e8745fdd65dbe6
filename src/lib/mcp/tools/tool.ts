// What a tool is: its name, title, description, typed arguments, published output shape, and a pure function from arguments and data to a result.
import type { z } from "zod";
import type { Snapshot } from "../snapshot.ts";
import type { ToolIssue } from "./args.ts";
import type { ReleaseExamples } from "./examples.ts";

/** A tool's answer: the structured result, the problems with the call (each naming its argument), or why the data cannot answer. */
export type ToolOutcome =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; issues: ToolIssue[] }
  | { ok: false; unavailable: string };

export type Tool<I extends z.ZodType = z.ZodType> = Readonly<{
  name: string;
  title: string;
  /**
   * What an agent needs to choose the tool and call it well: what it answers, in which order, how to page. Rules the
   * input schema states (ranges, formats, enums) are not repeated; names come from the release, never fixed text.
   */
  description: (ex: ReleaseExamples) => string;
  input: I;
  /** Values of the release that an argument accepts, published as the JSON Schema `examples` of that argument. */
  examples?: (ex: ReleaseExamples) => Readonly<Record<string, readonly unknown[]>>;
  output: z.ZodType;
  run: (args: z.output<I>, data: Snapshot) => ToolOutcome;
}>;

/** Keeps each tool's argument type tied to its own schema while the registry holds them as one list. */
export const defineTool = <I extends z.ZodType>(tool: Tool<I>): Tool => tool as unknown as Tool;

export const ok = (value: Record<string, unknown>): ToolOutcome => ({ ok: true, value });

export const fail = (path: string, message: string): ToolOutcome => ({
  ok: false,
  issues: [{ path: [path], message }],
});

export const unavailable = (message: string): ToolOutcome => ({ ok: false, unavailable: message });

/** The one-line hint of a list result: which tool to call with which argument for the rest. */
export const nextHint = (tool: string, args: string): string => `call ${tool} with ${args}`;

export { listing } from "../../text/listing.ts";
