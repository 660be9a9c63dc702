print("coach")
