/// One motorcycle of the catalogue, with every text already resolved from the `texts` table.
///
/// Optional figures are `nil` where the dataset has `null`, and any figure is `nil` where the dataset has 0 (its
/// placeholder for "unknown"): the site shows "not stated" for them.
public struct Motorcycle: Sendable, Equatable {
    /// The fields live in one shared, immutable box. Why: a motorcycle holds some thirty strings, and every plain
    /// copy of the struct (a `for bike in bikes`, an element passed to a closure) retained and released each of
    /// them; at 10 000 bikes that was 4 % of a build. A copy is now one retain. Nothing changes a motorcycle
    /// once it is decoded, so the fields are constants: a read is a plain load, with no exclusivity check.
    private final class Storage: Sendable {
        let id: Int
        let general: GeneralInfo
        let engine: Engine
        let transmission: Transmission
        let frame: Frame
        let brakes: Brakes
        let capacities: Capacities
        let notes: LocalizedText
        let images: [String]

        init(
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

    private let storage: Storage

    public init(
        id: Int, general: GeneralInfo, engine: Engine, transmission: Transmission, frame: Frame, brakes: Brakes,
        capacities: Capacities, notes: LocalizedText, images: [String]
    ) {
        storage = Storage(
            id: id, general: general, engine: engine, transmission: transmission, frame: frame, brakes: brakes,
            capacities: capacities, notes: notes, images: images)
    }

    // Read in place (`_read`), so that `bike.engine.bore` does not copy the whole engine first.
    public var id: Int { storage.id }
    public var general: GeneralInfo { _read { yield storage.general } }
    public var engine: Engine { _read { yield storage.engine } }
    public var transmission: Transmission { _read { yield storage.transmission } }
    public var frame: Frame { _read { yield storage.frame } }
    public var brakes: Brakes { _read { yield storage.brakes } }
    public var capacities: Capacities { _read { yield storage.capacities } }
    public var notes: LocalizedText { _read { yield storage.notes } }
    /// Image URLs, already checked to be http(s); empty when the dataset has none, `null` or no key.
    public var images: [String] { _read { yield storage.images } }

    public static func == (lhs: Motorcycle, rhs: Motorcycle) -> Bool {
        lhs.storage === rhs.storage
            || (lhs.id == rhs.id && lhs.general == rhs.general && lhs.engine == rhs.engine
                && lhs.transmission == rhs.transmission && lhs.frame == rhs.frame && lhs.brakes == rhs.brakes
                && lhs.capacities == rhs.capacities && lhs.notes == rhs.notes && lhs.images == rhs.images)
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
    // Required in the schema, `nil` only where the dataset has 0, its placeholder for "unknown".
    public var bore: Double?  // mm
    public var stroke: Double?  // mm
    public var displacementReal: Double?  // cm³
    public var displacementNominal: Double?  // cm³
    public var compression: Double?  // ratio, x : 1
    public var power: Power?
    public var feed: LocalizedText
    public var ignition: LocalizedText

    public init(
        configuration: LocalizedText, strokeCycle: Int, bore: Double?, stroke: Double?, displacementReal: Double?,
        displacementNominal: Double?, compression: Double?, power: Power?, feed: LocalizedText,
        ignition: LocalizedText
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
    /// Required in the schema; `nil` where the dataset has 0 ("unknown").
    public var wheelbase: Double?  // mm
    /// Plain strings in the dataset, the same in both languages.
    public var wheels: String?
    public var tyres: String?

    public init(
        type: LocalizedText, frontSuspension: LocalizedText, rearSuspension: LocalizedText, wheelbase: Double?,
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
    /// Required in the schema; `nil` where the dataset has 0 ("unknown").
    public var weight: Double?  // kg
    public var maxSpeed: Double?  // km/h
    public var fuelConsumption: Double?  // l/100 km

    public init(
        fuelCapacity: Double?, lubricantCapacity: Double?, weight: Double?, maxSpeed: Double?, fuelConsumption: Double?
    ) {
        self.fuelCapacity = fuelCapacity
        self.lubricantCapacity = lubricantCapacity
        self.weight = weight
        self.maxSpeed = maxSpeed
        self.fuelConsumption = fuelConsumption
    }
}
