// CoachCore — module placeholder, replaced as the module grows.
