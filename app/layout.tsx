import type { Metadata } from "next";
import localFont from "next/font/local";
import type { ReactNode } from "react";
import { Providers } from "@/components/shell/providers";
import "./globals.css";

// next/font/google downloads at build time and fails offline; the npm-shipped file always works.
const inter = localFont({
  src: "../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
  variable: "--font-inter",
  weight: "100 900",
  display: "swap",
});

export const metadata: Metadata = {
  title: { default: "Graph Workbench", template: "%s · Graph Workbench" },
  description: "Upload graph data, build graphs and analyse them with an agent.",
  // Inline, so the browser's automatic /favicon.ico request does not end in a 404.
  icons: {
    icon: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Ccircle cx='8' cy='8' r='5' fill='%232563eb'/%3E%3Ccircle cx='24' cy='12' r='5' fill='%232563eb'/%3E%3Ccircle cx='14' cy='25' r='5' fill='%232563eb'/%3E%3Cpath d='M8 8L24 12L14 25Z' fill='none' stroke='%232563eb' stroke-width='2'/%3E%3C/svg%3E",
  },
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" className={inter.variable}>
      <body className="font-sans">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
