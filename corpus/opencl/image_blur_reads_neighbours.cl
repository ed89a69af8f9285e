//pass
//--local_size=[16,16] --num_groups=[8,8]
// expect: drf — a 3x3 box blur: neighbouring pixels are only read (images are read-only here), the result goes to a buffer
__constant sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

__kernel void image_blur_reads_neighbours(__read_only image2d_t src, __global float4 *out)
{
    int x = get_global_id(0), y = get_global_id(1);
    int width = get_global_size(0);
    float4 sum = (float4)(0.0f);
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            sum += read_imagef(src, smp, (int2)(x + dx, y + dy));
    out[y * width + x] = sum / 9.0f;
}
