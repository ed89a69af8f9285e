//pass
//--local_size=64 --num_groups=16
// expect: drf — each work-item sorts eight values in a __private array and writes its own eight outputs
__kernel void private_array_sort(__global const int *in, __global int *out)
{
    __private int v[8];
    size_t base = get_global_id(0) * 8;
    for (int i = 0; i < 8; i++)
        v[i] = in[base + i];
    for (int i = 1; i < 8; i++)
        for (int j = i; j > 0 && v[j - 1] > v[j]; j--) {
            int t = v[j];
            v[j] = v[j - 1];
            v[j - 1] = t;
        }
    for (int i = 0; i < 8; i++)
        out[base + i] = v[i];
}
