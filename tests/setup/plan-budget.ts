/**
 * Plans solved without an app (the planner's own tests) are exact too, however busy the machine: the two-second
 * budget of a plan is for a server's fairness (test apps get the same from tests/helpers/test-config.ts).
 */
import { setPlanBudget } from "../../src/services/hub/hub-plan-solver.ts";

setPlanBudget(60_000);
