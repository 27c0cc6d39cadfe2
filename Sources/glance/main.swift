import GlanceHost

await GlanceCommand.run()
