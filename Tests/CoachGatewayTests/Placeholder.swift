// CoachGatewayTests
