/// One motorcycle of the catalogue, with every text already resolved from the `texts` table.
///
/// Optional figures are `nil` where the dataset has `null`: the site shows a dash for them.
public struct Motorcycle: Sendable, Equatable {
    public var id: Int
    public var general: GeneralInfo
    public var engine: Engine
    public var transmission: Transmission
    public var frame: Frame
    public var brakes: Brakes
    public var capacities: Capacities
    public var notes: LocalizedText
    /// Image URLs, already checked to be http(s); empty when the dataset has none, `null` or no key.
    public var images: [String]

    public init(
        id: Int, general: GeneralInfo, engine: Engine, transmission: Transmission, frame: Frame, brakes: Brakes,
        capacities: Capacities, notes: LocalizedText, images: [String]
    ) {
        self.id = id
        self.general = general
        self.engine = engine
        self.transmission = transmission
        self.frame = frame
        self.brakes = brakes
        self.capacities = capacities
        self.notes = notes
        self.images = images
    }
}

public struct GeneralInfo: Sendable, Equatable {
    public var family: String?
    public var name: String
    public var firstYear: Int
    /// `nil` means still in production.
    public var lastYear: Int?

    public init(family: String?, name: String, firstYear: Int, lastYear: Int?) {
        self.family = family
        self.name = name
        self.firstYear = firstYear
        self.lastYear = lastYear
    }
}

public struct Engine: Sendable, Equatable {
    public var configuration: LocalizedText
    /// 2 or 4.
    public var strokeCycle: Int
    public var bore: Double  // mm
    public var stroke: Double  // mm
    public var displacementReal: Double  // cm³
    public var displacementNominal: Double  // cm³
    public var compression: Double  // ratio, x : 1
    public var power: Power?
    public var feed: LocalizedText
    public var ignition: LocalizedText

    public init(
        configuration: LocalizedText, strokeCycle: Int, bore: Double, stroke: Double, displacementReal: Double,
        displacementNominal: Double, compression: Double, power: Power?, feed: LocalizedText, ignition: LocalizedText
    ) {
        self.configuration = configuration
        self.strokeCycle = strokeCycle
        self.bore = bore
        self.stroke = stroke
        self.displacementReal = displacementReal
        self.displacementNominal = displacementNominal
        self.compression = compression
        self.power = power
        self.feed = feed
        self.ignition = ignition
    }
}

public struct Power: Sendable, Equatable {
    public var peak: Double  // hp
    public var rpm: Double?

    public init(peak: Double, rpm: Double?) {
        self.peak = peak
        self.rpm = rpm
    }
}

public struct Transmission: Sendable, Equatable {
    public var gearbox: LocalizedText
    public var clutch: LocalizedText
    public var finalDrive: LocalizedText

    public init(gearbox: LocalizedText, clutch: LocalizedText, finalDrive: LocalizedText) {
        self.gearbox = gearbox
        self.clutch = clutch
        self.finalDrive = finalDrive
    }
}

public struct Frame: Sendable, Equatable {
    public var type: LocalizedText
    public var frontSuspension: LocalizedText
    public var rearSuspension: LocalizedText
    public var wheelbase: Double  // mm
    /// Plain strings in the dataset, the same in both languages.
    public var wheels: String?
    public var tyres: String?

    public init(
        type: LocalizedText, frontSuspension: LocalizedText, rearSuspension: LocalizedText, wheelbase: Double,
        wheels: String?, tyres: String?
    ) {
        self.type = type
        self.frontSuspension = frontSuspension
        self.rearSuspension = rearSuspension
        self.wheelbase = wheelbase
        self.wheels = wheels
        self.tyres = tyres
    }
}

public struct Brakes: Sendable, Equatable {
    public var type: LocalizedText
    public var frontSize: Double?  // mm
    public var rearSize: Double?  // mm
    public var notes: LocalizedText

    public init(type: LocalizedText, frontSize: Double?, rearSize: Double?, notes: LocalizedText) {
        self.type = type
        self.frontSize = frontSize
        self.rearSize = rearSize
        self.notes = notes
    }
}

public struct Capacities: Sendable, Equatable {
    public var fuelCapacity: Double?  // l
    public var lubricantCapacity: Double?  // l
    public var weight: Double  // kg
    public var maxSpeed: Double?  // km/h
    public var fuelConsumption: Double?  // l/100 km

    public init(
        fuelCapacity: Double?, lubricantCapacity: Double?, weight: Double, maxSpeed: Double?, fuelConsumption: Double?
    ) {
        self.fuelCapacity = fuelCapacity
        self.lubricantCapacity = lubricantCapacity
        self.weight = weight
        self.maxSpeed = maxSpeed
        self.fuelConsumption = fuelConsumption
    }
}
