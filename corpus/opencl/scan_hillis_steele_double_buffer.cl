//pass
//--local_size=128 --num_groups=1
// expect: drf — Hillis-Steele scan that reads one local buffer and writes the other, swapping after each barrier
#define N 128

__kernel void scan_hillis_steele_double_buffer(__global const float *in, __global float *out)
{
    __local float temp[2 * N];
    int lid = get_local_id(0);
    int pout = 0, pin = 1;
    temp[lid] = lid > 0 ? in[lid - 1] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int offset = 1; offset < N; offset *= 2) {
        pout = 1 - pout;
        pin = 1 - pout;
        if (lid >= offset)
            temp[pout * N + lid] = temp[pin * N + lid] + temp[pin * N + lid - offset];
        else
            temp[pout * N + lid] = temp[pin * N + lid];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[lid] = temp[pout * N + lid];
}
