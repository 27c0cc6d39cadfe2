import GlanceHost

GlanceCommand.main()
