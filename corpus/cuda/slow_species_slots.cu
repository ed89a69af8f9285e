//pass
//--blockDim=256 --gridDim=64
// expect: drf — every thread updates its own cell gid of twelve rate slots, rf[(q - 1)*T + gid] with T = gridDim.x * blockDim.x threads: gid < T keeps the slots apart and gid the threads.
// Reaction rates stored slot-major (one slot of T cells per reaction), each
// thread scaling its own cell of every slot, unrolled as chemistry codes
// generate them.
#define RF(q) rf[((q) - 1) * (blockDim.x * gridDim.x) + gid]
__global__ void scaleRates(float *rf, const float *c)
{
    int gid = threadIdx.x + blockIdx.x * blockDim.x;
    float m = c[gid];
    RF(1) = RF(1) * m;
    RF(2) = RF(2) * m;
    RF(3) = RF(3) * m * m;
    RF(4) = RF(4) * m;
    RF(5) = RF(5) * m;
    RF(7) = RF(7) * m * m;
    RF(8) = RF(8) * m;
    RF(11) = RF(11) * m;
    RF(12) = RF(12) * m;
    RF(15) = RF(15) * m * m;
    RF(16) = RF(16) * m;
    RF(21) = RF(21) * m;
}
#undef RF
