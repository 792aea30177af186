import type { Metadata } from "next";
import { LeaderboardScreen, type Search } from "@/components/leaderboard/leaderboard-screen";

export const metadata: Metadata = { title: "Leaderboard" };

/** One grading's leaderboard (leads; authors read-only). */
export default async function GradingLeaderboardPage({ params, searchParams }: { params: Promise<{ runId: string }>; searchParams: Promise<Search> }) {
  return <LeaderboardScreen runId={(await params).runId} search={await searchParams} />;
}
