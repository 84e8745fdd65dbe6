// What a tool is: its name, title, description, typed arguments, published output shape, and a pure function from arguments and data to a result.
import type { z } from "zod";
import type { Snapshot } from "../snapshot.ts";
import type { ToolIssue } from "./args.ts";

/** A tool's answer: the structured result, the problems with the call (each naming its argument), or why the data cannot answer. */
export type ToolOutcome =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; issues: ToolIssue[] }
  | { ok: false; unavailable: string };

export type Tool<I extends z.ZodType = z.ZodType> = Readonly<{
  name: string;
  title: string;
  /** What an agent needs to choose the tool and call it well: what it answers, in which order, how to page. */
  description: string;
  input: I;
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

export { listing } from "../../text/listing.ts";
