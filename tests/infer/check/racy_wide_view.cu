//pass
//--blockDim=64 --gridDim=1
// expect: racy — thread t's float4 covers F[4t .. 4t+3], all 256 cells for 64 threads; F[255 - t] is in another thread's float4 (reusing the raw index t would miss it).
__global__ void k(float *F)
{
    reinterpret_cast<float4 *>(F)[threadIdx.x] = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    F[255 - threadIdx.x] = 1.0f;
}
