print("pos")
